/**
 * The fiscal server's limit on what one request carries (DPS API description, "Обмеження"): 200 KB
 * of the message as sent before compression — a signed document, a signed package, a command.
 */
export const MESSAGE_LIMIT_BYTES = 200 * 1024;
