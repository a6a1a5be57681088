-- Wrong watch codes are counted by the rate-limit store now (per address and per activity, in a window that ends),
-- so the table that logged each guess is no longer written or read.
drop table watch_code_failures;
