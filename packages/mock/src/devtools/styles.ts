// The panel's styles, in its shadow root so the page's CSS and the panel's never meet. Light and dark follow the
// system's preference, or TanStack Devtools' theme in its pane (tanstack-plugin.ts); focus is always visible.
const light =
  "--bg:#fff;--fg:#1b1f24;--muted:#5b6470;--line:#d5dae0;--accent:#0b63ce;--bad:#b3261e;--good:#1a7f37;--chip:#eef1f4";
const dark =
  "--bg:#16191d;--fg:#e6e9ed;--muted:#9aa4af;--line:#323840;--accent:#6cb0ff;--bad:#ff8a80;--good:#6fdc8c;--chip:#252a30";
export const styles = `
:host{all:initial;${light};font:13px/1.4 system-ui,sans-serif;color-scheme:light dark}
@media (prefers-color-scheme:dark){:host{${dark}}}
:host([data-theme=light]){${light};color-scheme:light}:host([data-theme=dark]){${dark};color-scheme:dark}
:host([data-embedded]){display:block;height:100%}
*{box-sizing:border-box}
[hidden]{display:none!important}
button,select,input{font:inherit;color:var(--fg);background:var(--chip);border:1px solid var(--line);border-radius:4px;padding:2px 6px}
button{cursor:pointer}
:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.toggle{position:fixed;z-index:2147483646;border-radius:16px;padding:4px 10px;background:var(--bg);box-shadow:0 1px 4px #0004}
.bottom-right{right:12px;bottom:12px}.bottom-left{left:12px;bottom:12px}.top-right{right:12px;top:12px}.top-left{left:12px;top:12px}
.panel.embedded{position:static;height:100%;box-shadow:none;border-top:0}
.panel{position:fixed;z-index:2147483647;left:0;right:0;bottom:0;height:45vh;display:flex;flex-direction:column;background:var(--bg);color:var(--fg);border-top:1px solid var(--line);box-shadow:0 -2px 8px #0003}
header{display:flex;gap:6px;align-items:center;padding:4px 8px;border-bottom:1px solid var(--line);flex-wrap:wrap}
header .title{font-weight:600;margin-right:8px}
.connection{display:flex;gap:6px;align-items:center;flex:1 1 auto;min-width:0}
.toggle .paw{vertical-align:-2px}
@media (max-width:640px){header .title{margin-right:0}header .close{order:1;margin-left:auto}header .connection{order:2;flex-basis:100%}.connection .spacer{display:none}.connection [data-connection]{flex:1 1 0;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.connection button{white-space:nowrap}.connection input{flex:1.5 1 0;width:0;min-width:4em}}
[role=tab][aria-selected=true]{border-color:var(--accent);color:var(--accent)}
.spacer{flex:1}
.body{flex:1;overflow:auto;padding:6px 8px}
.row{display:flex;gap:6px;align-items:center;padding:2px 0;flex-wrap:wrap}
.method{font:600 11px ui-monospace,monospace;min-width:52px}
.path{font-family:ui-monospace,monospace}
.muted{color:var(--muted)}
.bad{color:var(--bad)}.good{color:var(--good)}
.chosen{font-weight:600;color:var(--accent)}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;border-bottom:1px solid var(--line);padding:2px 6px;max-width:28em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
td[tabindex]{cursor:text}
td input,td select{width:100%}
pre{margin:2px 0 6px;padding:4px;background:var(--chip);border-radius:4px;max-height:16em;overflow:auto;font:12px ui-monospace,monospace;white-space:pre-wrap}
details>summary{cursor:pointer;list-style:none;display:flex;gap:8px;font-family:ui-monospace,monospace}
.message{min-height:1.4em;padding:2px 8px}
h3{font-size:12px;margin:8px 0 2px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
`;
