/** Password length rules, shared by the server checks and the forms' constraint attributes. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;
