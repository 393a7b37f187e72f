package server

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gorilla/securecookie"
)

// TestCookieStore_Token checks the session cookie's codec: the token goes in
// and comes out, signed; a cookie signed with another key, or changed, is
// refused; a cookie written in gob before the token codec is still read.
func TestCookieStore_Token(t *testing.T) {
	t.Parallel()
	key := bytes.Repeat([]byte{7}, 32)
	const token = "Qm9vbXRvd24tdG9rZW4tb2YtdGhpcnR5LXR3by1ieXRlcw"
	st := newCookieStore(key)

	read := func(value string) (string, error) {
		t.Helper()
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.AddCookie(&http.Cookie{Name: cookieName, Value: value})
		sess, err := newCookieStore(key).Get(r, cookieName)
		got, _ := sess.Values[tokenKey].(string)
		return got, err
	}

	enc, err := securecookie.EncodeMulti(cookieName, map[any]any{tokenKey: token}, st.Codecs...)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := read(enc); err != nil || got != token {
		t.Errorf("token cookie read back as %q, %v; want %q", got, err, token)
	}

	old := securecookie.New(key, nil) // gob, as gorilla writes by default
	gobEnc, err := old.Encode(cookieName, map[any]any{tokenKey: token})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := read(gobEnc); err != nil || got != token {
		t.Errorf("gob cookie read back as %q, %v; want %q", got, err, token)
	}

	other, err := securecookie.EncodeMulti(cookieName, map[any]any{tokenKey: token},
		newCookieStore(bytes.Repeat([]byte{8}, 32)).Codecs...)
	if err != nil {
		t.Fatal(err)
	}
	tampered := []byte(enc)
	tampered[len(tampered)/2] ^= 1
	for name, v := range map[string]string{"other key": other, "tampered": string(tampered), "unsigned": token} {
		if got, err := read(v); err == nil || got != "" {
			t.Errorf("%s: read as %q, %v; want an error and no token", name, got, err)
		}
	}

	empty, err := securecookie.EncodeMulti(cookieName, map[any]any{}, st.Codecs...)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := read(empty); err != nil || got != "" {
		t.Errorf("cleared cookie read as %q, %v; want no token, no error", got, err)
	}
	if _, err := securecookie.EncodeMulti(cookieName, map[any]any{tokenKey: token, "other": 1}, st.Codecs...); err == nil {
		t.Error("a cookie with more than the token encoded; want an error")
	}
}
