package server_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sentenceRE is what an English sentence for people looks like in a string
// literal: a capital, then words ("There is no exam", "Page not found.").
var sentenceRE = regexp.MustCompile(`^[A-Z][a-z']+ [a-z']+`)

// TestHandlersWriteNoWords reads the server's own Go files (not its tests)
// and fails on what would put an English sentence on a page: an error made
// with trainer.Errorf, whose Message is English (the server makes its
// refusals with trainer.NewError, a message id and its arguments), and any
// string literal that reads as a sentence outside a log line or an error
// for the log (fmt.Errorf, errors.New). Words belong to the view layer
// (web/view, web/say, web/templates) and come from the catalogues.
func TestHandlersWriteNoWords(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "trainer" && sel.Sel.Name == "Errorf" {
						t.Errorf("%s: trainer.Errorf writes an English sentence: make the error with trainer.NewError and a message id",
							fset.Position(n.Pos()))
					}
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(n.Value)
				if err != nil || !sentenceRE.MatchString(s) || forTheLog(stack) {
					return true
				}
				t.Errorf("%s: %q reads as a sentence for people: say it from the catalogues in the view layer", fset.Position(n.Pos()), s)
			}
			return true
		})
	}
	if checked < 20 {
		t.Fatalf("%d files of the server read; want all of them", checked)
	}
}

// forTheLog reports whether the innermost call around a literal (the last
// of stack) writes the log or an error for it.
func forTheLog(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		call, ok := stack[i].(*ast.CallExpr)
		if !ok {
			continue
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		switch sel.Sel.Name {
		case "Info", "Warn", "Error", "Debug", "InfoContext", "WarnContext", "ErrorContext", "DebugContext", "LogAttrs":
			x, ok := sel.X.(*ast.Ident)
			return !ok || x.Name != "http" // s.log and slog, not http.Error
		case "Errorf":
			x, ok := sel.X.(*ast.Ident)
			return ok && x.Name == "fmt"
		case "New":
			x, ok := sel.X.(*ast.Ident)
			return ok && x.Name == "errors"
		}
		return false
	}
	return false
}
