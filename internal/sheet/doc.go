// Package sheet writes CSV files that spreadsheets open as they should: a
// UTF-8 byte-order mark first, so that Excel on Windows reads "José" and
// "Ирина" rather than the PC's code page, and no cell that a spreadsheet
// would run as a formula.
//
// It owns the shape of a file, not its contents: which columns an export
// has, the words of its header row and how its values are written belong
// to the code that makes the rows (internal/server's exports, package
// class's report).
package sheet
