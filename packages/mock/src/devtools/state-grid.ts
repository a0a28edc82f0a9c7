// The State tab's table as a grid (the WAI-ARIA grid pattern): one Tab stop for all its records (roving tabindex),
// the arrow keys move between cells, Home and End to a row's first and last cell, Ctrl+Home and Ctrl+End to the
// grid's. The row that adds a record keeps its own Tab stops. The cell in focus is kept across redraws.

/** The cells of a record row that take focus: its fields, and its Delete button. */
function gridCells(table: HTMLTableElement): HTMLElement[][] {
  return [...table.querySelectorAll<HTMLTableRowElement>("tbody tr[data-key]")].map((row) =>
    [...row.cells].map((cell) => cell.querySelector<HTMLElement>("button") ?? cell),
  );
}

/** Where the keys of `event` move from (`row`, `column`) in a grid of `rows`; undefined for any other key. */
function moveTo(
  event: KeyboardEvent,
  rows: HTMLElement[][],
  row: number,
  column: number,
): [number, number] | undefined {
  const last = rows.length - 1;
  const end = (at: number) => rows[at]!.length - 1;
  switch (event.key) {
    case "ArrowRight":
      return [row, Math.min(column + 1, end(row))];
    case "ArrowLeft":
      return [row, Math.max(column - 1, 0)];
    case "ArrowDown":
      return [Math.min(row + 1, last), column];
    case "ArrowUp":
      return [Math.max(row - 1, 0), column];
    case "Home":
      return event.ctrlKey ? [0, 0] : [row, 0];
    case "End":
      return event.ctrlKey ? [last, end(last)] : [row, end(row)];
    default:
      return undefined;
  }
}

/**
 * Makes the table drawn in `host` a grid: the cell at the kept place (the record's key and the column) is its one Tab
 * stop, or the first cell; it has the focus again when the grid had it before the redraw (`hadFocus`).
 */
export function gridNavigation(host: HTMLElement, hadFocus: boolean): void {
  const table = host.querySelector("table");
  if (!table) {
    return;
  }
  table.setAttribute("role", "grid");
  const rows = gridCells(table);
  const keyOf = (row: number) => (rows[row]![0]!.closest("tr") as HTMLTableRowElement).dataset.key;
  const place = (row: number, column: number, focus: boolean) => {
    for (const cell of rows.flat()) {
      cell.tabIndex = -1;
    }
    const cell = rows[row]?.[column];
    if (!cell) {
      return;
    }
    cell.tabIndex = 0;
    host.dataset.gridCell = `${column} ${keyOf(row)}`;
    if (focus) {
      cell.focus();
    }
  };
  const [column = "0", key] = (host.dataset.gridCell ?? "").split(/ (.*)/);
  const keptRow = Math.max(
    rows.findIndex((_, row) => keyOf(row) === key),
    0,
  );
  place(keptRow, Math.min(Number(column), (rows[keptRow]?.length ?? 1) - 1), hadFocus);
  table.addEventListener("keydown", (event) => {
    const row = rows.findIndex((cells) => cells.includes(event.target as HTMLElement));
    const to = row < 0 ? undefined : moveTo(event, rows, row, rows[row]!.indexOf(event.target as HTMLElement));
    if (to) {
      event.preventDefault();
      place(to[0], to[1], true);
    }
  });
  // A click in a cell makes it the grid's Tab stop.
  table.addEventListener("focusin", (event) => {
    const row = rows.findIndex((cells) => cells.includes(event.target as HTMLElement));
    if (row >= 0) {
      place(row, rows[row]!.indexOf(event.target as HTMLElement), false);
    }
  });
}
