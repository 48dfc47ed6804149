// Rows per page of the deck builder's pool: about five screens of the virtual list (the next page
// loads near its end). The benchmark measures the pool query at this size.
export const POOL_PAGE_SIZE = 100;
