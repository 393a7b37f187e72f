// Package trainer is the domain root of the kiosk: the people who use it
// (User, Role), their sessions, the kiosk-wide settings an administrator
// changes, practice sessions and attempts, certification exams and events,
// the rules versions the kiosk ran with, the hash-chained audit log (entries,
// their canonical encoding and the chain's verification), the error type
// every layer shares (Error, Kind), and the services a store offers (store.go).
//
// It holds no storage, no HTTP and no game rules: internal/sqlite and
// internal/postgres store these types behind the services of store.go,
// internal/server shows them, package eval decides a certification's state,
// and the games live under internal/games.
package trainer
