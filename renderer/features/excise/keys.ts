/** In-screen keys of the excise screen (the function keys F1..F10 belong to the shell). */
export const KEYS = [{ key: 'Enter', action: 'releaseOne' }] as const;
