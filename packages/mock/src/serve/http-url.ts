/** `http://HOST:PORT` of a host and port, with IPv6 addresses in brackets: a served mock's base URL. */
export const httpUrl = (host: string, port: number) => `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
