/**
 * V8's garbage collector, set for file transfers (decision 127). Imported first by server.ts.
 *
 * Node's HTTP parser copies each piece of a request's body (up to 64 KB) into a new Buffer,
 * whose memory lies outside V8's heap. By default V8 starts a full mark-compact of the whole
 * heap each time such outside memory has grown by 64 MB, whatever the heap holds: a 200 MB upload
 * cost four of them, 60–250 ms of the main thread each under load. With the outside memory
 * counted in the heap's overall limit instead, the pieces (dead as soon as they are written) are
 * freed by the young generation's cheap scavenges, and a full collection comes when the heap as
 * a whole calls for one. Memory stays flat in file size (the upload bench's RSS figures).
 */
import v8 from "node:v8";

export const GC_FLAGS = ["--external-memory-accounted-in-global-limit"];

for (const flag of GC_FLAGS) v8.setFlagsFromString(flag);
