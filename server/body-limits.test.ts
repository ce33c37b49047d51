import type http from "node:http";
import { expect, test } from "vitest";
import { bodyRefusal } from "./body-limits.ts";

const post = (headers: http.IncomingHttpHeaders) => ({ headers }) as http.IncomingMessage;

test("a declared length within the path's cap passes; one over it is a 413 that closes the connection", () => {
  expect(bodyRefusal(post({ "content-length": "65536" }), 65_536)).toBeNull();
  expect(bodyRefusal(post({}), 65_536)).toBeNull();
  expect(bodyRefusal(post({ "content-length": "65537" }), 65_536)).toEqual({
    status: 413,
    message: "Request body too large",
    headers: { Connection: "close" },
  });
});

test("a chunked body must declare its length (411); with one, it is judged by it", () => {
  expect(bodyRefusal(post({ "transfer-encoding": "chunked" }), 65_536)).toEqual({
    status: 411,
    message: "Length required",
  });
  expect(bodyRefusal(post({ "transfer-encoding": "chunked", "content-length": "10" }), 65_536)).toBeNull();
});
