// Package account is the administrator's work on the kiosk's users that is
// not HTTP: the users page's reads (every user of a site and the sign-in
// holds in force), a new user or the first administrator with their PIN or
// password hashed through the hash gate (lockout.Gate), a new PIN or
// password, and deactivating (never one's own account) or reactivating a
// user. The store checks names and badges and keeps the last administrator.
//
// It does not read forms or say anything: web/view reads the forms and
// says the refusals; the server reads the request and chooses the page.
// Signing in is package lockout's.
package account
