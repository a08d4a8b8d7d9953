// `npm start`: build when the sources changed, then run the service (server.ts).
import { buildIfNeeded } from './build-if-needed';

await buildIfNeeded();
await import('@/server');
