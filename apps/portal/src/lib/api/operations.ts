import type { operations } from './generated/schema.d.ts';

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessOf<Op> = Op extends { responses: infer Responses }
  ? JsonOf<Responses[Extract<keyof Responses, 200 | 201 | 202>]>
  : never;

/** The `data` of an operation's success body, from the generated OpenAPI schema (`operationId`). */
export type ResponseData<Id extends keyof operations> =
  SuccessOf<operations[Id]> extends { data: infer Data } ? Data : never;

/** The JSON request body of an operation. */
export type RequestBody<Id extends keyof operations> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
