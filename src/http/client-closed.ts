// A client that goes away before Holm could answer (while its body was still coming, or with its
// handler waiting on the body) is not a failure of Holm: nothing broke, and no one is left to
// answer. Such a request is logged at info as a request line and counted like any other, with
// nginx's status 499 ("client closed request") and the pseudo error code CLIENT_CLOSED, so an
// operator sees callers giving up (timeouts set too short, a slow-body flood) without error lines
// or 500s. The 499 is never sent: the connection is closed already.

const CLIENT_CLOSED_STATUS = 499;
/** Not an API error code: no client ever receives it. Only the log and /metrics show it. */
const CLIENT_CLOSED = "CLIENT_CLOSED";

const closedResponses = new WeakSet<Response>();

/** Whether the client of `request` has closed its connection. */
export function clientClosed(request: Request): boolean {
	return request.signal.aborted;
}

/** The stand-in answer to a request whose client is gone, for the log and the metrics. */
export function clientClosedResponse(): Response {
	const response = new Response(null, { status: CLIENT_CLOSED_STATUS });
	closedResponses.add(response);
	return response;
}

/** CLIENT_CLOSED for the stand-in answer, else null. */
export function clientClosedCodeOf(response: Response): typeof CLIENT_CLOSED | null {
	return closedResponses.has(response) ? CLIENT_CLOSED : null;
}
