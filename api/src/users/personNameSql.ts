/** personName's rule (kernel/users/personName.ts) in SQL over a users row aliased `alias`, for names read inside a query. */
export const personNameSql = (alias: string) => {
  const first = `coalesce(trim(${alias}.first_name), '')`;
  const last = `coalesce(trim(${alias}.last_name), '')`;
  return `(case when ${first} || ${last} ~ '[\u3400-\u9fff]' then ${last} || ${first} else trim(${first} || ' ' || ${last}) end)`;
};
