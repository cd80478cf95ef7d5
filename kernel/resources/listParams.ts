/** The most rows one page of a list holds (docs/api-conventions.md#list-parameters). */
export const MAX_PAGE_SIZE = 500;
