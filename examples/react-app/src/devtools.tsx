// Development only (src/main.tsx imports it with import() in the mock's branch): TanStack Devtools with two plugins,
// TanStack Query's panel and the mock's inspector (@petstore/mock/devtools/tanstack), in a React root of their own.
import type { PetstoreDevtoolsPlugin } from "@petstore/mock/devtools/tanstack";
import { TanStackDevtools } from "@tanstack/react-devtools";
import type { QueryClient } from "@tanstack/react-query";
// The panel itself: the package's main entry renders nothing unless NODE_ENV is "development", and the tests'
// `--mode mock` build is a production build. This module is in no production build anyway.
import { ReactQueryDevtoolsPanel } from "@tanstack/react-query-devtools/production";
import { createRoot } from "react-dom/client";

/** What React renders in the mock's pane: nothing, the plugin draws there itself. */
const Nothing = () => null;

/** Mounts TanStack Devtools with Query's panel and `petstore`, the mock's inspector as a plugin. */
export function mountTanStackDevtools(petstore: PetstoreDevtoolsPlugin, queryClient: QueryClient): void {
  const plugins = [
    { name: "TanStack Query", render: <ReactQueryDevtoolsPanel client={queryClient} /> },
    {
      ...petstore,
      render: (el: HTMLElement, props: { theme: "light" | "dark" }) => {
        petstore.render(el, props);
        return <Nothing />;
      },
    },
  ];
  const host = document.createElement("div");
  document.body.append(host);
  // Room at the end of the page, as tall as TanStack's pane (400 px unless resized), which lies over the page: the
  // page's last rows scroll out from under it.
  document.documentElement.style.paddingBottom = "400px";
  createRoot(host).render(
    <TanStackDevtools plugins={plugins} config={{ position: "bottom-left", triggerMode: "fixed" }} />,
  );
}
