// Reading a backend's records for a capture: every page of each list, GET only, following `Link`
// next, each answer checked against the document on the wire by the sender; what a record breaks is
// kept with the record, so that it is reported and left out, never loaded.

import { limits, pageSize } from "@petstore/contract";
import { formatViolation, parseLinkHeader } from "@petstore/contract/checker";
import { absolute, nextPage } from "../http/paging.js";
import type { ApiResponse, Target } from "../http/target.js";
import { type Check, documentCheck } from "../model/failure.js";
import { API_KEY_VARIABLE } from "../report/redact.js";
import { CannotRun, type Exchange } from "../report.js";
import { COLLECTION_PATHS, type Collection } from "./records.js";

/** How much of a response body a finding keeps (as `verify` keeps). */
const BODY_LIMIT = 4000;

/** The most records a list may hold: the document's cap of the collection (an inventory entry per pet). */
const MOST_RECORDS: Record<Collection, number> = {
  categories: limits.maxCategories,
  pets: limits.maxPets,
  orders: limits.maxOrders,
  inventory: limits.maxPets,
};

/** One record as read, with what it breaks in the document and the page that answered it. */
export interface ReadRecord {
  value: unknown;
  /** The document's rules the record breaks, one line each (empty when it is valid). */
  violations: string[];
  /** The request and answer of its page, for the report. */
  page: Exchange;
}

export interface ReadList {
  records: ReadRecord[];
  /** What the answers break that is no one record's (a header, the page as a whole), with their page. */
  answerViolations: { check: Check; message: string; page: Exchange }[];
  /** True when the list went on past the document's cap and the read stopped there. */
  stoppedAtCap: boolean;
}

/** The exchange as a report shows it: the key stands as `$PETSTORE_API_KEY`, never itself. */
function exchangeOf(baseUrl: string, url: string, response: ApiResponse): Exchange {
  return {
    method: "GET",
    url: `${baseUrl}${url}`,
    headers: { Authorization: `Bearer ${API_KEY_VARIABLE}` },
    response: {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: response.text.slice(0, BODY_LIMIT),
    },
  };
}

/** The index of the record a violation is in (`body/3/name` → 3), or undefined for the answer as a whole. */
const recordIndex = (where: string): number | undefined => {
  const match = /^body\/(\d+)(?:\/|$)/.exec(where);
  return match ? Number(match[1]) : undefined;
};

/** How a list's read is steered from outside: stopped when another list failed, or once a cap has what it keeps. */
export interface ReadControl {
  /** Aborts once the capture failed elsewhere: this list's request in flight is dropped, and no page follows. */
  stop: AbortSignal;
  /** True once the list holds every record the cap keeps. */
  enough?(list: ReadList): boolean;
}

/** Throws `CannotRun` unless the page is `200` with a JSON array: a list that cannot be read cannot be captured. */
function assertPage(target: Target, collection: Collection, url: string, response: ApiResponse) {
  if (response.status !== 200 || !Array.isArray(response.json)) {
    const what = response.status !== 200 ? `answered ${response.status}` : "answered 200 without a JSON array";
    throw new CannotRun(
      `GET ${target.baseUrl}${url} ${what}: the ${collection} cannot be read, so nothing was captured (${response.text.slice(0, 200).replace(/\s+/g, " ")})`,
    );
  }
}

/** Adds a page's records to the list, each with the document's rules it breaks. */
function addPage(list: ReadList, response: ApiResponse, page: Exchange) {
  const byRecord = new Map<number, string[]>();
  for (const violation of response.wireViolations) {
    const index = recordIndex(violation.where);
    if (index === undefined) {
      list.answerViolations.push({ check: documentCheck(violation), message: formatViolation(violation), page });
    } else if (byRecord.has(index)) {
      byRecord.get(index)!.push(formatViolation(violation));
    } else {
      byRecord.set(index, [formatViolation(violation)]);
    }
  }
  for (const [index, value] of (response.json as unknown[]).entries()) {
    list.records.push({ value, violations: byRecord.get(index) ?? [], page });
  }
}

/**
 * Every record of one collection, page by page along `Link` rel=next. A page that is not `200` with a JSON
 * array stops the capture (`CannotRun`); a next link that loops or leads elsewhere ends the list, reported.
 * However the backend pages, the read ends: at the document's cap of records (or the pages that would hold
 * it), at an empty page, at a page read before.
 */
export async function readCollection(
  target: Target,
  collection: Collection,
  onProgress: (line: string) => void,
  control: ReadControl = { stop: new AbortController().signal },
): Promise<ReadList> {
  const list: ReadList = { records: [], answerViolations: [], stoppedAtCap: false };
  const visited = new Set<string>();
  // Full pages reach the cap of records in this many; a backend that pages fewer records is stopped here.
  const mostPages = Math.ceil(MOST_RECORDS[collection] / pageSize.maximum) + 1;
  let url: string | undefined = `${COLLECTION_PATHS[collection]}?limit=${pageSize.maximum}`;
  while (url !== undefined && !control.stop.aborted) {
    visited.add(absolute(target.baseUrl, url));
    const response = await target.send({ method: "GET", url, stop: control.stop });
    assertPage(target, collection, url, response);
    const page = exchangeOf(target.baseUrl, url, response);
    addPage(list, response, page);
    const total = Number(response.headers.get("x-total-count"));
    onProgress(`${collection}: ${list.records.length}${Number.isFinite(total) ? ` of ${total}` : ""} read`);
    const next = parseLinkHeader(response.headers.get("link") ?? "")?.find((link) => link.params.rel === "next");
    url = undefined;
    if (!next || (response.json as unknown[]).length === 0 || control.enough?.(list)) {
      break;
    }
    if (list.records.length >= MOST_RECORDS[collection] || visited.size >= mostPages) {
      list.stoppedAtCap = true;
      if (list.records.length < MOST_RECORDS[collection]) {
        const message = `${visited.size} pages held ${list.records.length} records and the list went on: stopped, as full pages would hold the document's cap of ${MOST_RECORDS[collection]}`;
        list.answerViolations.push({ check: "model.paging", message, page });
      }
      break;
    }
    const followed = nextPage(target.baseUrl, page.url, next.uri, visited);
    if ("refused" in followed) {
      list.answerViolations.push({ check: "model.paging", message: followed.refused, page });
    } else {
      url = followed.url;
    }
  }
  return list;
}
