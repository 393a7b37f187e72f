//go:build !race

package trainer_test

// hashPrefix is what a new hash starts with: OWASP's first recommended set
// for Argon2id, the documented cost of every kiosk's hashes.
const hashPrefix = "$argon2id$v=19$m=19456,t=2,p=1$"
