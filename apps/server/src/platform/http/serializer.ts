import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Serialises every reply from its contract schema with fast-json-stringify, compiled once per route from
 * the schema's JSON Schema: faster than validating each reply with zod, and a field the contract does not
 * name (a hash, a secret) can never reach the client. A schema JSON Schema cannot express falls back to
 * validating with zod.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  try {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return (data: unknown) => JSON.stringify(schema.parse(data));
  }
};
