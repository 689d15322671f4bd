// The Yut page.
