import { z } from "zod";
import { named } from "../../openapi/names.ts";

/** GET /health's answer: 200 "ok", 503 "unavailable". */
export const healthAnswer = named("Health", z.object({ status: z.enum(["ok", "unavailable"]) }));
