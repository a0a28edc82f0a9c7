// A read-only proxy for the browser's live queries (app/providers.tsx): GET only, to the same API and session
// as the server components, with the key added here, never sent to the browser.
import { API_KEY, BASE_URL, sessionHeaders } from "../../../../lib/petstore";

const FORWARDED = ["content-type", "x-total-count"];

export async function GET(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  const { search } = new URL(request.url);
  const upstream = await fetch(`${BASE_URL}/${path.map(encodeURIComponent).join("/")}${search}`, {
    headers: { Authorization: `Bearer ${API_KEY}`, ...(await sessionHeaders()) },
    cache: "no-store",
  });
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = upstream.headers.get(name);
    if (value !== null) {
      headers.set(name, value);
    }
  }
  return new Response(await upstream.text(), { status: upstream.status, headers });
}
