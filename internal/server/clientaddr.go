package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// proxies are the address ranges of the reverse proxies the kiosk trusts
// (-trusted-proxy CIDR[,CIDR]): their X-Forwarded-Proto says whether the
// browser used HTTPS, and their X-Forwarded-For names the tablet behind
// them.
type proxies []netip.Prefix

// contains reports whether ip is in one of the ranges.
func (p proxies) contains(ip netip.Addr) bool {
	ip = ip.Unmap()
	for _, r := range p {
		if r.Contains(ip) {
			return true
		}
	}
	return false
}

// peerAddr is the TCP peer of r, or an invalid Addr when RemoteAddr is not
// an IP and port (a test's request).
func peerAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return ip.Unmap()
}

// fromTrustedProxy reports whether r's TCP peer is a trusted proxy.
func (p proxies) fromTrustedProxy(r *http.Request) bool {
	ip := peerAddr(r)
	return ip.IsValid() && p.contains(ip)
}

// clientAddress is the address a request came from, which the sign-in
// limits count as one device. It is the TCP peer, unless the peer is a
// trusted proxy: then X-Forwarded-For is read from its end (the address
// each proxy appends is its own peer's), past the trusted proxies of a
// chain, and the last address that is not one of them is the client's.
// The addresses before it were written by the client or an untrusted hop
// and could be anything, so they are never taken; from an untrusted peer
// the header is ignored altogether. A malformed entry stops the walk at the
// trusted hop that passed it on.
func (p proxies) clientAddress(r *http.Request) string {
	peer := peerAddr(r)
	if !peer.IsValid() {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			return r.RemoteAddr
		}
		return host
	}
	if !p.contains(peer) {
		return peer.String()
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		ip, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		client = ip.Unmap()
		if !p.contains(client) {
			break
		}
	}
	return client.String()
}
