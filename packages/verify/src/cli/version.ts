// `petstore-verify --version`: the package's version and the version of the API it checks against,
// two numbers that move apart. Both are built into the bundle, so the line needs no file at run time.
import { document } from "@petstore/contract";
import { version } from "../../package.json";

export const VERSION_LINE = `petstore-verify ${version} (Petstore API ${document.info.version})`;
