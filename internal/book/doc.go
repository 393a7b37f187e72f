// Package book reads a house's rule book of one game: the Markdown files of
// content/rules/books and of the house's own books folder, each run through
// text/template with the house's values (pay tables, settings, rulings and
// steps rendered from the house data, never retyped), parsed with goldmark,
// split into numbered sections with stable ids, and assembled with the
// house's own sections replacing or adding to the shipped ones. docs/book.md
// is the format; every rule of it is checked here, and an error names the
// file, the line and the problem.
//
// A Book answers citations: Ref turns a section id ("uth.blind") into its
// number and title ("§2.3 The Blind bet"), which is how every explanation,
// mistake, ruling, procedure step, pay-table row, hand-checker reason and
// `trainer settle` reason points into the book.
//
// Translate assembles the same book in another language (docs/i18n.md): the
// sections of books/<lang>/ and the house's books/<lang>/ in the English
// places and numbers, checked against the English, and a section not yet
// translated from the house's language or English with a note. The words
// the template functions write (a pay table's headings, odds, amounts) come
// from the catalogues of package i18n, in the book's language.
//
// It does not read house.toml or the game files itself, and knows nothing of
// package rulebook: the caller (rulebook) hands it the house's values as
// plain data (Env), so that imports flow one way, games ← book ← rulebook. It
// does not serve pages (package server does) or decide who may read a book.
package book
