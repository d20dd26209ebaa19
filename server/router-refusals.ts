/**
 * A request a resource route cannot take (a POST to a download: 405, no action; a GET to a
 * form's endpoint: 400, no loader) is refused by React Router itself, which in production
 * answers {"message":"Unexpected Server Error"}: a 4xx that reads like a crash. Such an answer
 * gets a text that says what happened; every other answer passes unchanged.
 */
const ROUTER_TEXT = JSON.stringify({ message: "Unexpected Server Error" });

export const METHOD_NOT_TAKEN = "This address does not take that request.";

export async function withClearRefusal(response: Response): Promise<Response> {
  if (response.status !== 400 && response.status !== 405) return response;
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const text = await response.clone().text();
  if (text !== ROUTER_TEXT) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return Response.json({ message: METHOD_NOT_TAKEN }, { status: response.status, headers });
}
