// Package lockout checks a PIN or password against the sign-in limits
// (docs/hardening.md, trainer/signin.go): every attempt is counted by the
// store before it is checked, against the account on its device, the
// account everywhere and the device, and a hold stops the next ones. It
// also bounds the PIN and password hashes computed at once (Gate), so that
// a class signing in together waits its turn instead of exhausting memory.
// Who signs in on a kiosk's keypad (OnKeypad) and what a sign-in counts
// and checks (PINAttempt, StaffAttempt: a name of nobody's is counted like
// a wrong password) are decided here too.
//
// It knows nothing of HTTP or of words: the server reads the form and the
// client's address, asks Check, logs the holds a failure started and shows
// the refusal in the reader's language (web/view).
package lockout
