import { fileURLToPath } from 'node:url';

/** The repository root, wherever the clone is. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
