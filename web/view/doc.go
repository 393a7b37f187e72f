// Package view builds the view models of the kiosk's pages (package
// web/templates) from the domain's values: a served question and its
// drill, a session, an attempt, a certification's status, an exam's result,
// a settlement, a rules version's changes, the pay tables' figures. It is
// where a page is put together and where its words are chosen, from the
// catalogues through package web/say and the request's context; a handler
// reads the request and the store, calls the domain, and hands what it got
// to a builder here, then renders the component the builder's view model
// fills.
//
// A builder never reads the store, the session or the request, and never
// computes what a rule decides: money comes from games and eval, states
// from eval, keys from drills, figures from edge. It formats them and
// leaves out what a page must not show (a question's key before its
// answer). What a builder needs of the kiosk's rules (the book, the house,
// the drills) it finds on Kiosk; the time it needs is passed in.
//
// Imports flow one way: internal/server → web/view → web/templates →
// web/say → the domain (and internal/i18n).
package view
