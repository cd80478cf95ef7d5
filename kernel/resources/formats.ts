/**
 * The text formats the server enforces, free of joi so the admin's forms check the very same
 * patterns before a save.
 */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{5,30}$/;
/** The code of a warehouse, vehicle type or delivery area: letters, digits and _ . - */
export const CODE_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;
