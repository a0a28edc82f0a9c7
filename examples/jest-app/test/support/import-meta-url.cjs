// A Babel plugin for the ESM sources that Jest runs as CommonJS here (the workspace's self-check reads
// openapi/petstore.yaml next to its own file): `import.meta.url` becomes the file's URL.
module.exports = function importMetaUrl({ template }) {
  const fileUrl = template.expression.ast`require("node:url").pathToFileURL(__filename).href`;
  return {
    visitor: {
      MemberExpression(path) {
        const { object, property } = path.node;
        if (object.type === "MetaProperty" && object.meta.name === "import" && property.name === "url") {
          path.replaceWith(fileUrl);
        }
      },
    },
  };
};
