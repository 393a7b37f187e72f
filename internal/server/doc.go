// Package server is the kiosk's web server: the chi routes (routes.go, the
// only route table), the handlers (one file per area), sessions, the
// middleware (request IDs, logging, security headers, cross-origin
// protection, roles) and the two helpers every handler ends with: render for
// pages and fragments, and error, the only place a Kind becomes an HTTP
// status.
//
// Handlers parse the request, call the store or the domain and render a
// view model. They hold no SQL and no game rules; flags and environment
// variables belong to cmd/trainer.
package server
