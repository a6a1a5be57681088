-- The ledger's accounts are a fixed list (features/price/ledger.ts): the database refuses an entry on any other.
alter table ledger_entries add constraint ledger_entries_account_check
  check (account in ('pay_clearing', 'package_sales', 'audience_sales'));
