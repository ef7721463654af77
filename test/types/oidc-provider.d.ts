// Types for the part of oidc-provider (panva's certified OpenID Provider) the tests run, which ships
// none of its own.
declare module "oidc-provider" {
	import type { IncomingMessage, ServerResponse } from "node:http";
	export default class Provider {
		constructor(issuer: string, configuration: Record<string, unknown>);
		proxy: boolean;
		callback(): (request: IncomingMessage, response: ServerResponse) => void;
	}
}
