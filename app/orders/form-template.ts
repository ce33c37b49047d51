import { createContext } from "react-router";

/**
 * The order form is the same for every visitor of an (offer, language) pair but for its submission
 * token, so server/form-cache.ts renders it once with this placeholder in the token's place and
 * puts a fresh token there for each request. The placeholder fails the action's token pattern
 * (underscores), so a page that ever kept it would still get a new token on post, never a shared one.
 */
export const TOKEN_PLACEHOLDER = "__order_form_token__";

/** Set on the render the cache keeps: the loader then writes the placeholder instead of a token. */
export const orderFormTemplateContext = createContext<boolean>(false);
