// Package trainer is the domain root of the kiosk: the people who use it
// (User, Role), their sessions, the kiosk-wide settings an administrator
// changes, and the error type every layer shares (Error, Kind).
//
// It holds no storage, no HTTP and no game rules: internal/sqlite stores these
// types, internal/server shows them, and the games live under internal/games.
package trainer
