/** See fix-lock.js. */
export declare function completeLock(text: string): { text: string; added: number };
