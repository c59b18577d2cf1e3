import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { nonceContext } from "./context";
import { NonceProvider } from "./components/nonce";

/**
 * Server rendering. React Router transfers loader data to the client through a stream written inside a
 * Suspense boundary, so `renderToString` (which leaves Suspense boundaries to the client) cannot hydrate
 * a framework-mode app; the streaming renderer is required. Loaders await everything a page shows, so
 * the whole document is ready at once: we wait for `allReady` and answer with the complete HTML (the
 * status can still change while rendering, and crawlers get the same bytes as people).
 * docs/decisions/001-edge-architecture.md; `npm run bench` measures the SSR rate.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  let status = responseStatusCode;
  const stream = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        // Errors while rendering are logged by the worker with the request id; never sent to the page.
        if (!request.signal.aborted) console.error(JSON.stringify({ level: "error", where: "ssr", message: String(error) }));
      },
    },
  );
  await stream.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(stream, { status, headers: responseHeaders });
}
