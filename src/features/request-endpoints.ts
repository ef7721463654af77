// The endpoints every code-request feature has (password reset, email update, email sign-in):
// get and delete one request named by `:request_id` and, where requests belong to a user named in
// the path, list and delete that user's. Each feature says what its requests are called and how
// they look on the wire; the checks and their order are the same everywhere.
import type { AppContext } from "../context.ts";
import { fail } from "../errors.ts";
import { endpoint, type C } from "../http/endpoint.ts";
import { pathRequestId, pathUser } from "../http/params.ts";
import { noContent } from "../http/responses.ts";
import type { ModelName } from "../openapi/components.ts";

/** The store verbs the shared endpoints use. */
interface RequestVerbs<Request> {
	get(id: string): Promise<Request | null>;
	delete(id: string): Promise<boolean>;
}

interface UserRequestVerbs<Request> extends RequestVerbs<Request> {
	listForUser(userId: string): Promise<Request[]>;
	deleteForUser(userId: string): Promise<void>;
}

/** A kind of request: its store, its answer, and the words its documentation uses. */
interface RequestKind<Request, Verbs> {
	store(ctx: AppContext): Verbs;
	json(request: Request): unknown;
	model: ModelName;
	/** "a password reset request" */
	one: string;
	/** The success of GET, and of DELETE, of one request. */
	shown: string;
	deleted: string;
}

/** GET and DELETE of one request, and the loader of `:request_id` (NOT_FOUND unless live). */
export function requestEndpoints<Request>(kind: RequestKind<Request, RequestVerbs<Request>>) {
	async function pathRequest(c: C): Promise<Request | null> {
		const id = pathRequestId(c);
		return id === null ? null : kind.store(c.get("ctx")).get(id);
	}
	return {
		pathRequest,
		get: endpoint({
			summary: `Get ${kind.one}`,
			success: { status: 200, description: kind.shown, model: kind.model },
			resource: pathRequest,
			handle: (_c, { resource: request }) => Response.json(kind.json(request)),
		}),
		delete: endpoint({
			summary: `Delete ${kind.one}`,
			success: { status: 204, description: kind.deleted },
			errors: ["NOT_FOUND"],
			async handle(c) {
				const id = pathRequestId(c);
				if (id === null || !(await kind.store(c.get("ctx")).delete(id))) return fail("NOT_FOUND");
				return noContent();
			},
		}),
	};
}

/** The same, and the list and the deletion of the requests of the user of `:user_id`. */
export function userRequestEndpoints<Request>(kind: RequestKind<Request, UserRequestVerbs<Request>> & { many: string; listed: string }) {
	return {
		...requestEndpoints(kind),
		listForUser: endpoint({
			summary: `List a user's ${kind.many}`,
			success: { status: 200, description: kind.listed, model: kind.model, list: true },
			resource: pathUser,
			async handle(c, { resource: user }) {
				const requests = await kind.store(c.get("ctx")).listForUser(user.id);
				return Response.json(requests.map((request) => kind.json(request)));
			},
		}),
		deleteForUser: endpoint({
			summary: `Delete a user's ${kind.many}`,
			success: { status: 204, description: "Deleted, also when the user had none." },
			resource: pathUser,
			async handle(c, { resource: user }) {
				await kind.store(c.get("ctx")).deleteForUser(user.id);
				return noContent();
			},
		}),
	};
}
