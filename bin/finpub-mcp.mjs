#!/usr/bin/env node
/**
 * `finpub-mcp [--url URL]`: the service's MCP tools over stdio, for agent hosts that launch local servers. Started
 * with node directly (not through npm, whose banner on stdout would corrupt the JSON-RPC stream), from any working
 * directory: TypeScript and the project's path aliases are resolved against this checkout.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register({ tsconfig: path.join(root, 'tsconfig.json') });
await import(pathToFileURL(path.join(root, 'scripts', 'mcp.ts')).href);
