import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schemas } from './schema.js';

/** Writes the printed schemas the web app's typed documents are checked against. */
const { publicSchema, clientSchema } = schemas();
const dir = new URL('../../schema/', import.meta.url);
writeFileSync(new URL('public.graphql', dir), printSchema(publicSchema) + '\n');
writeFileSync(new URL('client.graphql', dir), printSchema(clientSchema) + '\n');
console.log('schema printed to apps/server/schema/');
