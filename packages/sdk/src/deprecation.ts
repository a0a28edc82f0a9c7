export interface DeprecationNotice {
  /** The operation's method and path template, e.g. `GET /pets/{petId}`. */
  operation: string;
  /** The `Deprecation` header (RFC 9745), e.g. `@1782864000`. */
  deprecation: string | null;
  /** The `Sunset` header (RFC 8594): after this date the operation may be gone. */
  sunset: string | null;
  /** What to call instead, from the document (`x-replaced-by`), e.g. `GET /pets?id={petId}`; null when it names nothing. */
  replacement: string | null;
}

/** The default `onDeprecation`: one console warning per operation per client. */
export function warnOncePerOperation(): (notice: DeprecationNotice) => void {
  const warned = new Set<string>();
  return (notice) => {
    if (warned.has(notice.operation)) {
      return;
    }
    warned.add(notice.operation);
    // biome-ignore lint/suspicious/noConsole: the warning is the feature; pass `onDeprecation` to route it elsewhere.
    console.warn(
      `[@petstore/sdk] ${notice.operation} is deprecated; ${notice.replacement ? `use ${notice.replacement} instead; ` : ""}sunset: ${notice.sunset ?? "not announced"}.`,
    );
  };
}
