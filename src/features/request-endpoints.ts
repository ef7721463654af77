// The endpoints that reset, email update and email sign-in requests share word for word (API.md):
// get and delete one request named by `:request_id` and, where requests belong to a user named in
// the path, list and delete that user's. Each feature says where its requests are kept, what one is
// called, how it looks on the wire and what the document shows; the checks and their order are the
// same everywhere.
import type { z } from "zod";
import type { AppContext } from "../context.ts";
import { answersResource, endpoint, returnsList, returnsNothing } from "../http/endpoint.ts";
import { pathRequestId, pathResource } from "../http/params.ts";
import { pathUser } from "./users/path-user.ts";
import { deletedOrNotFound, noContent } from "../http/responses.ts";

/** The store verbs the shared endpoints use. */
interface RequestVerbs<Request> {
	get(id: string): Promise<Request | null>;
	delete(id: string): Promise<boolean>;
}

interface UserRequestVerbs<Request> extends RequestVerbs<Request> {
	listForUser(userId: string): Promise<Request[]>;
	deleteForUser(userId: string): Promise<void>;
}

type Stores = AppContext["stores"];

/** The names in ctx.stores of the stores that have `Verbs`. */
type StoreWith<Verbs> = { [Name in keyof Stores]: Stores[Name] extends Verbs ? Name : never }[keyof Stores];

/** A kind of request: its store, its answer, and the words its documentation uses. */
interface RequestKind<Request, Verbs> {
	/** Its store, by its name in ctx.stores ("passwordResets"). */
	store: StoreWith<Verbs>;
	/** "a password reset request" (and, for the user's list, "password reset requests") */
	one: string;
	/** Its wire shape (a model of the document). A request shows its code after it was created (GET
	 *  of one, and of the user's list) when this shape has one. */
	answer: { json(request: Request): unknown; schema: z.ZodObject };
	/** One request as GET answers it: the example of the document (the list's is it alone). */
	example: unknown;
	/** The success of DELETE of one request; "Deleted." unless it says more. */
	deleted?: string;
}

/** The store `kind` names: one with `Verbs`, since StoreWith names no other. */
function storeOf<Verbs>(ctx: AppContext, kind: { store: StoreWith<Verbs> }): Verbs {
	return ctx.stores[kind.store] as Verbs;
}

/** Whether requests in the wire shape `answer` show their codes. */
function showsCode(answer: { schema: z.ZodObject }): boolean {
	return "code" in answer.schema.shape;
}

/** GET and DELETE of one request, and the loader of `:request_id` (NOT_FOUND unless live). */
export function requestEndpoints<Request, Verbs extends RequestVerbs<Request> = RequestVerbs<Request>>(kind: RequestKind<Request, Verbs>) {
	const pathRequest = pathResource("request_id", (ctx, id) => storeOf(ctx, kind).get(id));
	return {
		pathRequest,
		get: answersResource({
			summary: `Get ${kind.one}`,
			answer: kind.answer,
			says: showsCode(kind.answer) ? "The request, with its code." : "The request, without its code.",
			resource: pathRequest,
			example: kind.example,
		}),
		delete: endpoint({
			summary: `Delete ${kind.one}`,
			success: returnsNothing(kind.deleted ?? "Deleted."),
			errors: ["NOT_FOUND"],
			async handle(c) {
				const id = pathRequestId(c);
				return deletedOrNotFound(id !== null && (await storeOf(c.get("ctx"), kind).delete(id)));
			},
		}),
	};
}

/** The same, and the list and the deletion of the requests of the user of `:user_id`. */
export function userRequestEndpoints<Request>(kind: RequestKind<Request, UserRequestVerbs<Request>>) {
	const many = `${kind.one.replace(/^an? /, "")}s`;
	return {
		...requestEndpoints(kind),
		listForUser: endpoint({
			summary: `List a user's ${many}`,
			examples: { answer: [kind.example] },
			success: returnsList(kind.answer, `The user's live requests, oldest first, ${showsCode(kind.answer) ? "with codes" : "without codes"}.`),
			resource: pathUser,
			async handle(c, { resource: user }) {
				const requests = await storeOf(c.get("ctx"), kind).listForUser(user.id);
				return Response.json(requests.map((request) => kind.answer.json(request)));
			},
		}),
		deleteForUser: endpoint({
			summary: `Delete a user's ${many}`,
			success: returnsNothing("Deleted, also when the user had none."),
			resource: pathUser,
			async handle(c, { resource: user }) {
				await storeOf(c.get("ctx"), kind).deleteForUser(user.id);
				return noContent();
			},
		}),
	};
}
