// The toggle's paw as inline SVG: an emoji shows as a box where no emoji font is installed, a drawing never does.
const SVG = "http://www.w3.org/2000/svg";

/** A 14 px paw in the text's colour, hidden from assistive technology (the toggle has its own label). */
export function pawIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  for (const [name, value] of Object.entries({
    viewBox: "0 0 16 16",
    width: "14",
    height: "14",
    fill: "currentColor",
    "aria-hidden": "true",
    focusable: "false",
    class: "paw",
  })) {
    svg.setAttribute(name, value);
  }
  const pad = document.createElementNS(SVG, "ellipse");
  for (const [name, value] of Object.entries({ cx: "8", cy: "11.2", rx: "3.6", ry: "3.1" })) {
    pad.setAttribute(name, value);
  }
  svg.append(pad);
  for (const [cx, cy] of [
    [2.6, 7],
    [5.6, 3.4],
    [10.4, 3.4],
    [13.4, 7],
  ]) {
    const toe = document.createElementNS(SVG, "circle");
    toe.setAttribute("cx", String(cx));
    toe.setAttribute("cy", String(cy));
    toe.setAttribute("r", "1.7");
    svg.append(toe);
  }
  return svg;
}
