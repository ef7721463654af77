// The session a credential change keeps signed in (API.md section 13): an endpoint that declares
// one of these takes `session_id` from its body or query, and answers NOT_FOUND before anything
// else is judged when it names no live session of the user.
import type { KeptSession } from "../../http/endpoint.ts";
import { keptSessionIsWrong } from "./actions.ts";

export const KEPT_SESSION_IN_BODY: KeptSession = { in: "body", isWrong: keptSessionIsWrong };
export const KEPT_SESSION_IN_QUERY: KeptSession = { in: "query", isWrong: keptSessionIsWrong };
