import math

import torch


def transformer_block(X, params, num_heads):
    p = {name: torch.tensor(value, dtype=torch.float32) for name, value in params.items()}
    x = torch.tensor(X, dtype=torch.float32)
    n = x.shape[0]

    def layer_norm(rows, gamma, beta):
        centred = rows - rows.mean(dim=-1, keepdim=True)
        variance = centred.pow(2).mean(dim=-1, keepdim=True)
        return centred / torch.sqrt(variance + 1e-5) * gamma + beta

    a = layer_norm(x, p["ln1_gamma"], p["ln1_beta"])
    q, k, v = a @ p["Wq"], a @ p["Wk"], a @ p["Wv"]
    d_head = q.shape[1] // num_heads
    future = torch.ones(n, n, dtype=torch.bool).triu(1)
    heads = []
    for h in range(num_heads):
        cols = slice(h * d_head, (h + 1) * d_head)
        scores = q[:, cols] @ k[:, cols].T / math.sqrt(d_head)
        weights = torch.softmax(scores.masked_fill(future, -math.inf), dim=-1)
        heads.append(weights @ v[:, cols])
    hidden = x + torch.cat(heads, dim=1) @ p["Wo"]

    z = layer_norm(hidden, p["ln2_gamma"], p["ln2_beta"]) @ p["W1"] + p["b1"]
    gelu = 0.5 * z * (1 + torch.tanh(math.sqrt(2 / math.pi) * (z + 0.044715 * z ** 3)))
    return hidden + gelu @ p["W2"] + p["b2"]
