#!/usr/bin/env python3
"""Shared-memory wavefronts of the word tile's interleave (kernels/ours/words.cuh), modelled.

Walks every warp of one block through phase 2 (the row windows read, the staging span written)
and phase 3 (the staging span read), with the lane-to-item mapping, address arithmetic and
access widths of the code, and counts warp instructions and wavefronts: for each warp-wide
access, the lanes are taken in the groups the hardware serves together (all 32 for accesses of
4 bytes or less, 16 for 8-byte, 8 for 16-byte ones) and each group costs as many wavefronts as
the most distinct 32-bit words that any one of the 32 banks is asked for.

Three ways to stage the gapped interleave (s * sizeof(T) not a multiple of 4):
  padded  each position padded to whole words; phase 3 reads each output packet in two parts
          and blends them (the word tile up to now)
  bytes   the output span itself, written one element at a time (the variant measured on an
          H200 on 2026-11-24)
  pieces  the output span itself, each word's bytes written with store_low_bytes (one 32-bit
          store, two 16-bit ones, or a byte, a 16-bit store and a byte; Words::kCompact)

The de-interleave of 1-byte elements (kWindows): phase 2's window loads (three 8-byte loads a
16-byte window), with the items in order or dealt even and odd to the two half-warps at odd s
(spread_item, kWordsSpread), averaged over 16 consecutive blocks (their span offsets differ).

The de-interleave of 2- and 4-byte elements: phase 2's 32-bit span loads (two a word for 2-byte
elements, shared_word), with the walk's consecutive items or warp tiles of 4 words x 8 position
groups at odd s (deal_item, kWordsDeal), over 8 consecutive blocks.

The chunked u8 de-interleave (kWordsChunk, in chunks of 32 or 64 channels): phase 2's window
loads and planar stores and phase 3's shifted reads over the whole launch, and the cache lines
of one warp-wide copy of phase 1.

Usage: word_tile_banks.py            prints the tables of docs/perf-notes.md (2026-11-25)
       word_tile_banks.py --check SUMMARY.txt
                                     the model against Nsight Compute's shared-memory wavefronts
                                     of the u8 interleave at c67e5aa (results/h200/explore/
                                     word-tile/ncu-c67e5aa/summary.txt); exit 1 beyond 6%
"""
import sys
from collections import defaultdict

THREADS = 256


def wavefronts(addrs, size):
    """Wavefronts of one warp-wide shared access: addrs holds each active lane's byte address."""
    if not addrs:
        return 0
    group = 32 if size <= 4 else 32 * 4 // size
    total = 0
    for g0 in range(0, len(addrs), group):
        banks = defaultdict(set)
        for a in addrs[g0:g0 + group]:
            for w in range(a // 4, (a + size - 1) // 4 + 1):
                banks[w % 32].add(w)
        total += max(len(v) for v in banks.values())
    return total


def pieces(o, nb, es):
    """store_low_bytes: (offset, size) of each store for nb bytes at byte o."""
    r = o & 3
    if r == 0:
        if nb == 4:
            return [(0, 4)]
        out = [(0, 2)] if nb >= 2 else []
        if nb & 1:
            out.append((nb - 1, 1))
        return out
    if es == 2 or r == 2:
        out = [(0, 2) if nb >= 2 else (0, 1)]
        if nb == 4:
            out.append((2, 2))
        elif nb == 3:
            out.append((2, 1))
        return out
    out = [(0, 1)]
    if nb >= 3:
        out.append((1, 2))
    elif nb == 2:
        out.append((1, 1))
    if nb == 4:
        out.append((3, 1))
    return out


def warp_items(count):
    """Phase 2's items a warp takes at once: thread tid takes items tid, tid + 256, ... (the
    kernels' walks over (kg, qg) or (window, quad) step by 256 items), so each warp holds 32
    consecutive items."""
    for base in range(0, count, 32):
        yield range(base, min(base + 32, count))


def shared_read16(b):
    """shared_read16's three 8-byte loads for the 16 bytes at byte b."""
    return [(b & ~7) + 8 * k for k in range(3)]


def model(es, s, rounds, staging, block=1000, L=10**7 + 1):
    """Counts for one block of the interleave at short side s, long side L."""
    E, V = 4 // es, 16 // es
    NK = (s + E - 1) // E
    NQ = max(2, rounds * THREADS // NK)
    P = (NQ - 1) * V
    RC = P // V + 3
    p0 = block * P
    z0 = p0 * s
    sw = NK * 4
    gapped = s * es % 4 != 0
    compact = staging != "padded" or not gapped
    d = (z0 * es) & 15 if compact else 0
    lmod = L & (V - 1)
    span_bytes = (NQ * V * NK * 4 + 64) // 16 * 16

    def mis(k):
        return (k * lmod + p0) & (V - 1)

    def row(k):  # byte address of planar row k (after the span)
        return span_bytes + 16 * (k * RC + k // E)

    c = defaultdict(int)
    for items in warp_items(NK * NQ):
        act = [(it % NK, it // NK) for it in items]
        for e in range(E):  # phase 2's row windows
            for k3 in range(3):
                a = [shared_read16(row(kg * E + e) + mis(kg * E + e) * es + qg * 16)[k3]
                     for kg, qg in act]
                c["ld2_i"] += 1
                c["ld2_w"] += wavefronts(a, 8)
        for g in range(4):
            for t in range(E):
                def pos(qg):
                    return qg * V + g * E + t
                if not gapped or staging == "padded":
                    a = [((d + pos(qg) * sw) // 4 + kg) * 4 for kg, qg in act]
                    c["st_i"] += 1
                    c["st_w"] += wavefronts(a, 4)
                elif staging == "bytes":
                    for j in range(E):
                        a = [d + (pos(qg) * s + kg * E + j) * es for kg, qg in act
                             if kg * E + j < s]
                        c["st_i"] += 1
                        c["st_w"] += wavefronts(a, es)
                else:
                    # One instruction per piece kind; lanes whose word has fewer bytes (the
                    # position's last) take their own pieces in the same instructions.
                    by_piece = defaultdict(list)
                    for kg, qg in act:
                        o = d + (pos(qg) * s + kg * E) * es
                        nb = min(4, (s - kg * E) * es)
                        for off, size in pieces(o, nb, es):
                            by_piece[(off, size)].append(o + off)
                    for (off, size), a in by_piece.items():
                        c["st_i"] += 1
                        c["st_w"] += wavefronts(a, size)
    e_lo = (V - (z0 & (V - 1))) & (V - 1)
    nx = (P * s - e_lo + V - 1) // V
    for w0 in range(0, nx, 32):
        ids = range(w0, min(nx, w0 + 32))
        if compact:
            c["ld3_i"] += 1
            c["ld3_w"] += wavefronts([d + (e_lo + i * V) * es for i in ids], 16)
            continue
        first, second = [], []
        for i in ids:
            e = e_lo + i * V
            q, ch = e // s, e % s
            first.append(q * sw + ch * es)
            if ch + V > s:
                second.append((q + 1) * sw + (ch - s) * es)
        for part in (first, second):
            for k3 in range(3):
                if part:
                    c["ld3_i"] += 1
                    c["ld3_w"] += wavefronts([shared_read16(b)[k3] for b in part], 8)
    kb = P * s * es / 1024
    return {k: v / kb for k, v in c.items()}


def spread_item(it, n):
    """kernels/ours/word_layout.hpp's spread_item."""
    return (it & ~31) | (((it << 1) | ((it >> 4) & 1)) & 31) if (it & ~31) + 32 <= n else it


def windows(s, rounds, spread, first_block=1000, blocks=16):
    """Wavefronts a warp's window load, u8 de-interleave, over `blocks` consecutive blocks."""
    V = 16
    NK = (s + 3) // 4
    NQ = max(2, rounds * THREADS // NK)
    P = (NQ - 1) * V
    NW, NPQ = (s + 15) // 16, NQ * V // 4
    dealt = spread and s % 2 and NPQ >= 32
    waves = loads = 0
    for block in range(first_block, first_block + blocks):
        d = (block * P * s) & 15
        for items in warp_items(NW * NPQ):
            act = [divmod(spread_item(it, NW * NPQ) if dealt else it, NPQ) for it in items]
            for t in range(4):
                for k3 in range(3):
                    a = [shared_read16(d + 4 * pq * s + cw * 16 + t * s)[k3] for cw, pq in act]
                    loads += 1
                    waves += wavefronts(a, 8)
    return waves / loads


def span_loads(es, s, rounds, deal, first_block=1000, blocks=8):
    """Wavefronts a warp's 32-bit span load and load instructions, 2-/4-byte de-interleave."""
    E, V = 4 // es, 16 // es
    NK = (s + E - 1) // E
    NQ = max(2, rounds * THREADS // NK)
    P = (NQ - 1) * V
    waves = loads = 0
    for block in range(first_block, first_block + blocks):
        z0 = block * P * s
        d = (z0 - (z0 & ~(V - 1))) * es
        warps = []
        if deal and s % 2:
            across = (NK + 3) // 4
            for u in range(across * ((NQ + 7) // 8)):  # deal_item's warp tiles
                i, j = divmod(u, across)
                warps.append([(4 * j + (l >> 3), 8 * i + (l & 7)) for l in range(32)
                              if 4 * j + (l >> 3) < NK and 8 * i + (l & 7) < NQ])
        else:
            warps = [[(it % NK, it // NK) for it in items] for items in warp_items(NK * NQ)]
        for act in warps:
            for g in range(4):
                for t in range(E):
                    for k in range(2 if es < 4 else 1):  # shared_word: two loads below 4 bytes
                        a = [((d + (qg * V * s + kg * E) * es + (g * E + t) * s * es) // 4 + k) * 4
                             for kg, qg in act]
                        loads += 1
                        waves += wavefronts(a, 4)
    return waves / loads, loads / blocks


def chunk_swizzle(c, per=2):
    """kernels/ours/word_layout.hpp: a span chunk's low three bits XORed with the three above a
    position quad's 4 * per chunks."""
    return c ^ ((c >> (3 if per == 2 else 4)) & 7)


def chunks(rows, cols, ch=32, first_block=1000, blocks=16):
    """The chunked u8 de-interleave (kWordsChunk; ch = 64 with kWordsWide) at rows x cols (cols
    a multiple of ch): shared load and store wavefronts and the loads' ideal wavefronts (one a
    group of lanes) over the whole launch, from `blocks` consecutive blocks: phase 2's swizzled
    16-byte window loads and 4-byte planar stores, phase 3's shifted reads (shared_read16) of
    each output packet, with the rows' offsets from the 16-byte grid as the grid gives them; and
    the 128-byte lines of global memory one warp-wide copy of phase 1 reads."""
    V, NK, per = 16, ch // 4, ch // 16
    NQ = max(2, THREADS // NK)  # one round
    P, NPQ = (NQ - 1) * V, NQ * V // 4
    RC = P // V + 3
    planar = (NQ * V * NK * 4 + 64) // 16 * 16
    nchunks, L = cols // ch, rows
    out = {"p2_ld": 0, "p3_ld": 0, "ld_ideal": 0, "st": 0}
    for b in range(first_block, first_block + blocks):
        k0, p0 = b % nchunks * ch, b // nchunks * P
        np_ = min(P, L - p0)
        for w in range(THREADS // 32):  # phase 2: thread tid takes window tid / NPQ of quad tid % NPQ
            items = [divmod(tid, NPQ) for tid in range(32 * w, 32 * w + 32)]
            for t in range(4):
                a = [chunk_swizzle((4 * q4 + t) * per + cw, per) * 16 for cw, q4 in items]
                out["p2_ld"] += wavefronts(a, 16)
                out["ld_ideal"] += 4
            for c in range(16):
                out["st"] += wavefronts([planar + (cw * 16 + c) * RC * 16 + q4 * 4
                                         for cw, q4 in items], 4)
        per_row = P // V  # phase 3: thread tid's packets (k, m) from (tid / per_row, tid % per_row)
        dk, dm = divmod(THREADS, per_row)

        def mis(k):
            return ((k + k0) * (L & 15) + p0) & 15

        for w in range(THREADS // 32):
            lanes = [list(divmod(tid, per_row)) for tid in range(32 * w, 32 * w + 32)]
            while any(k < ch for k, _ in lanes):
                loads = [[], [], []]
                for k, m in lanes:
                    pos = (V - mis(k)) % V + m * V
                    if k < ch and pos < np_:
                        for i, a in enumerate(shared_read16(planar + k * RC * 16 + pos)):
                            loads[i].append(a)
                for a in loads:
                    out["p3_ld"] += wavefronts(a, 8)
                    out["ld_ideal"] += (len(a) + 15) // 16
                for lane in lanes:
                    lane[0] += dk
                    lane[1] += dm
                    if lane[1] >= per_row:
                        lane[1] -= per_row
                        lane[0] += 1
    scale = nchunks * -(-rows // P) / blocks
    out = {k: v * scale for k, v in out.items()}
    out["lines"] = len({((x // per) * cols + (x % per) * 16) // 128 for x in range(32)})
    out["P"] = P
    return out


def main():
    cases = [(1, 12, "half"), (1, 17, "half"), (1, 31, "half"), (1, 33, "half"),
             (1, 65, "whole"), (1, 65, "half"), (1, 127, "whole"), (2, 31, "half"),
             (2, 33, "half"), (2, 31, "whole"), (2, 33, "whole")]
    print("per KB of output, one block: warp instructions / wavefronts")
    print(f"{'type':5} {'s':>4} {'tile':5} | {'staging':7} | {'phase-2 stores':>14} | "
          f"{'phase-3 loads':>13} | {'all shared':>10}")
    for es, s, tile in cases:
        rounds = es if tile == "half" else 2 * es
        for staging in ("padded", "bytes", "pieces"):
            m = model(es, s, rounds, staging)
            tot_w = m["st_w"] + m["ld2_w"] + m["ld3_w"]
            print(f"{'u8' if es == 1 else 'fp16':5} {s:4} {tile:5} | {staging:7} | "
                  f"{m['st_i']:5.1f} / {m['st_w']:5.1f} | {m['ld3_i']:4.1f} / {m['ld3_w']:5.1f} | "
                  f"{tot_w:10.1f}")
            if s * es % 4 == 0:
                break
    print("\nu8 de-interleave, phase-2 window loads: wavefronts a warp's load (2 is the floor)")
    print(f"{'s':>4} {'tile':5} | {'in order':>8} | {'spread':>6}")
    for s in (12, 17, 31, 33, 65, 100, 127):
        rounds, tile = (1, "half") if s < 64 else (2, "whole")
        print(f"{s:4} {tile:5} | {windows(s, rounds, False):8.2f} | {windows(s, rounds, True):6.2f}")
    print("\n2- and 4-byte de-interleave (whole tile), phase-2 span loads: wavefronts a warp's load "
          "(1 is the floor) and load instructions a block")
    print(f"{'type':5} {'s':>4} | {'walk':>12} | {'dealt':>12}")
    for es, name in ((2, "fp16"), (4, "fp32")):
        for s in (12, 17, 31, 33, 48, 63, 100, 127):
            if s >= 16 * 16 // es:
                continue
            w0, i0 = span_loads(es, s, 2 * es, False)
            w1, i1 = span_loads(es, s, 2 * es, True)
            print(f"{name:5} {s:4} | {w0:5.2f} {i0:6.0f} | {w1:5.2f} {i1:6.0f}")
    print("\nu8 de-interleave in chunks of 32 or 64 channels, the whole launch: shared wavefronts, "
          "millions (Nsight Compute at b69bbe1, H100: L x 256 loads 5.05 of which 2.51 "
          "conflicts, stores 1.16; L x 32 2.49, 1.22, 0.58)")
    print(f"{'shape':>12} {'chunk':>5} | {'P':>3} | {'window loads':>12} | {'shifted reads':>13} | "
          f"{'over ideal':>10} | {'stores':>6} | lines a phase-1 copy")
    for rows, cols, ch in ((500001, 256, 32), (2000001, 32, 32), (1000001, 64, 32),
                           (500001, 256, 64), (1000001, 64, 64)):
        c = chunks(rows, cols, ch)
        over = c["p2_ld"] + c["p3_ld"] - c["ld_ideal"]
        print(f"{rows:>7} x {cols:<4} {ch:5} | {c['P']:3} | {c['p2_ld'] / 1e6:12.2f} | "
              f"{c['p3_ld'] / 1e6:13.2f} | {over / 1e6:10.2f} | {c['st'] / 1e6:6.2f} | "
              f"{c['lines']}")


def check(path):
    """Model against counted wavefronts: the u8 interleave on the half tile, padded staging."""
    try:
        table = {}
        with open(path, encoding="utf-8") as f:
            head = f.readline().split("|")
            names = [h.strip() for h in head[1:]]
            for line in f:
                cells = [c.strip() for c in line.split("|")]
                table[cells[0]] = dict(zip(names, cells[1:]))
        counted = {}
        for shape in ("u8-12x10666667", "u8-31x4129033", "u8-33x3878787"):
            loads = table["l1tex__data_pipe_lsu_wavefronts_mem_shar (shared loads)"][shape]
            stores = table["l1tex__data_pipe_lsu_wavefronts_mem_shar (shared stores)"][shape]
            counted[shape] = (int(loads.replace(",", "")), int(stores.replace(",", "")))
    except (OSError, KeyError, IndexError, ValueError) as e:
        print(f"word_tile_banks.py: error: {path}: not the Nsight Compute summary of the word "
              f"tile at c67e5aa ({e!r})", file=sys.stderr)
        return 2
    worst = 0.0
    kb = 128e6 / 1024  # the output of one launch, 128 MB
    for shape, (loads, stores) in counted.items():
        rows, cols = (int(x) for x in shape[3:].split("x"))
        m = model(1, rows, 1, "padded", L=cols)
        ml, ms = (m["ld2_w"] + m["ld3_w"]) * kb, m["st_w"] * kb
        dl, ds = ml / loads - 1, ms / stores - 1
        worst = max(worst, abs(dl), abs(ds))
        print(f"{shape}: loads model {ml / 1e6:.2f} M, counted {loads / 1e6:.2f} M ({dl:+.1%}); "
              f"stores model {ms / 1e6:.2f} M, counted {stores / 1e6:.2f} M ({ds:+.1%})")
    return 0 if worst <= 0.06 else 1


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2]))
    if len(sys.argv) != 1:
        print("usage: word_tile_banks.py [--check SUMMARY.txt]", file=sys.stderr)
        sys.exit(2)
    main()
