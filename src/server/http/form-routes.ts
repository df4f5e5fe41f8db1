/**
 * The plain HTML form endpoints (POST, answered by middleware before Waku), so language, theme,
 * login and logout work without JavaScript. Listed once: the forms middleware serves them and the
 * fuzz test reads them.
 */
export const FORM_ROUTES = ['/lang', '/theme', '/user/login', '/user/logout'] as const;

export type FormRoute = (typeof FORM_ROUTES)[number];

export const isFormRoute = (path: string): path is FormRoute => (FORM_ROUTES as readonly string[]).includes(path);
