// The Cover page.
