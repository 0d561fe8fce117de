/// <reference types="node" />
import { InterruptSchema, MessageSchema } from '@ag-ui/core/schemas';
import { z } from 'zod';

/** A thread or tool-call id in a URL: 1-200 characters, no control characters. */
export const IdSchema = z.string().min(1).max(200).regex(/^[^\u0000-\u001f\u007f]+$/u, 'no control characters');

/** A tool-call record: what the run loop needs to restore it; the rest is kept as sent. */
export const ToolCallRecordSchema = z.looseObject({
  toolCallId: IdSchema,
  toolCallName: z.string().min(1).max(200),
  status: z.string().min(1).max(40),
  timing: z.looseObject({ createdAt: z.number().finite() }),
});

/** `PUT /threads/{threadId}`: the whole thread, as `ThreadStore.save()` takes it. */
export const SaveThreadBodySchema = z.strictObject({
  messages: z.array(MessageSchema),
  state: z.record(z.string(), z.unknown()).optional(),
  toolCalls: z.array(ToolCallRecordSchema).optional(),
  interrupts: z.array(InterruptSchema).optional(),
  lastError: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  title: z.string().max(500).optional(),
  /** The `version` the client last read: a different current version answers 409. Omitted: last write wins. */
  baseVersion: z.number().int().nonnegative().optional(),
});
export type SaveThreadBody = z.infer<typeof SaveThreadBodySchema>;

/** `PATCH /threads/{threadId}`. */
export const RenameThreadBodySchema = z.strictObject({ title: z.string().max(500) });

/** `PUT /threads/{threadId}/tool-calls`. */
export const SaveToolCallsBodySchema = z.strictObject({ records: z.array(ToolCallRecordSchema).max(10_000) });

/** `POST /threads/{threadId}/tool-calls/{toolCallId}/claim`. */
export const ClaimToolCallBodySchema = z.strictObject({ owner: z.string().min(1).max(200) });

/** `PUT /approvals`: a remembered approval (`StoredApproval`). */
export const ApprovalSchema = z
  .strictObject({
    toolName: z.string().min(1).max(200),
    scope: z.enum(['thread', 'always']),
    threadId: IdSchema.optional(),
    fingerprint: z.string().max(100_000),
  })
  .refine((approval) => approval.scope === 'always' || approval.threadId !== undefined, {
    message: "a 'thread' approval names its threadId",
    path: ['threadId'],
  });

/** `GET /threads` query: `limit` (1-200, default 50) and the `cursor` of the previous page. */
export const ListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).optional(),
});
